! associate_relax_f90.f90 - Jacobi relaxation of a 1-D block held in a derived type, written with
! ASSOCIATE names for the type's components and for the update coefficient (the style of modern
! Fortran mini-apps); every rank relaxes its own block, the residuals are summed at the end.
!
! Usage: mpiexec -n P ./associate_relax_f90   (N and STEPS read from standard input)
program associate_relax
  use mpi
  implicit none
  type block_t
    integer :: n
    double precision :: u(0:4097), unew(0:4097)
  end type
  type(block_t) :: blk
  integer :: ierr, rank, nprocs, n, steps, it, i
  double precision :: omega, res, total

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  if (rank == 0) read (*, *) n, steps
  call MPI_Bcast(n, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(steps, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  blk%n = n / nprocs
  omega = 2d0 / 3d0
  blk%u = 0d0
  blk%unew = 0d0
  associate (m => blk%n, u => blk%u, v => blk%unew, w => 0.5d0 * omega)
    u(0) = 1d0
    do it = 1, steps
      do i = 1, m
        v(i) = (1d0 - omega) * u(i) + w * (u(i-1) + u(i+1))
      end do
      do i = 1, m
        u(i) = v(i)
      end do
    end do
    res = 0d0
    do i = 1, m
      res = res + abs(u(i) - u(i-1))
    end do
  end associate
  call MPI_Allreduce(res, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'residual', total
  call MPI_Finalize(ierr)
end program associate_relax
