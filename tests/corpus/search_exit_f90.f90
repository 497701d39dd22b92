! Parallel search in Fortran 90: every rank scans its block for the first value above a
! threshold and leaves the loop with EXIT there; MPI_ALLREDUCE with MPI_MIN gives the first
! position in the whole array (n + 1 when there is none).
program search_exit
  use mpi
  implicit none
  integer, parameter :: n = 8000
  integer :: ierr, rank, nprocs, nlocal, i, found, first
  double precision, allocatable :: x(:)
  double precision :: threshold

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  nlocal = n / nprocs
  allocate(x(nlocal))
  call random_number(x)
  threshold = 0.9995d0
  found = n + 1
  do i = 1, nlocal
    if (x(i) > threshold) then
      found = rank * nlocal + i
      exit
    end if
  end do
  call MPI_ALLREDUCE(found, first, 1, MPI_INTEGER, MPI_MIN, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'first value above', threshold, 'at', first
  deallocate(x)
  call MPI_FINALIZE(ierr)
end program search_exit
