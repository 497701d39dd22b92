! Pi by midpoint integration of 4/(1+x^2), the classic first MPI program in
! Fortran 90: rank 0 reads the interval count, broadcasts it, every rank sums
! its cyclic share of the intervals, MPI_REDUCE collects the sum, MPI_WTIME
! times the whole thing.
program pi_read_bcast
  use mpi
  implicit none
  integer :: ierr, myid, numprocs, n, i
  double precision :: h, x, mysum, mypi, pi, t0, t1
  double precision, parameter :: pi25 = 3.141592653589793238462643d0

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, myid, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, numprocs, ierr)

  if (myid == 0) then
     write(*,*) 'Enter the number of intervals:'
     read(*,*) n
  end if
  t0 = MPI_Wtime()
  call MPI_Bcast(n, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)

  h = 1.0d0 / dble(n)
  mysum = 0.0d0
  do i = myid + 1, n, numprocs
     x = h * (dble(i) - 0.5d0)
     mysum = mysum + f(x)
  end do
  mypi = h * mysum

  call MPI_Reduce(mypi, pi, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, &
                  MPI_COMM_WORLD, ierr)
  t1 = MPI_Wtime()
  if (myid == 0) then
     write(*, '(a, f20.16, a, e12.4)') ' pi is ', pi, ' error ', abs(pi - pi25)
     write(*, *) 'wall clock time = ', t1 - t0
  end if
  call MPI_Finalize(ierr)

contains

  double precision function f(a)
    double precision, intent(in) :: a
    f = 4.0d0 / (1.0d0 + a*a)
  end function f

end program pi_read_bcast
