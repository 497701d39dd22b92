! jacobi_array_syntax_f90.f90 - a 1-D Jacobi sweep written the Fortran 90
! way, with array sections instead of loops, and a halo exchange with
! MPI_SENDRECV (MPI_PROC_NULL at the ends).  NSTEPS sweeps.
program jacobi_sections
  use mpi
  implicit none
  integer, parameter :: nloc = 200, nsteps = 10
  integer :: ierr, rank, nprocs, left, right, step
  integer :: status(MPI_STATUS_SIZE)
  double precision :: u(0:nloc+1), unew(1:nloc)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  left = rank - 1
  right = rank + 1
  if (rank == 0) left = MPI_PROC_NULL
  if (rank == nprocs - 1) right = MPI_PROC_NULL

  u = 0.0d0
  do step = 1, nsteps
     call MPI_Sendrecv(u(nloc), 1, MPI_DOUBLE_PRECISION, right, 0, &
                       u(0), 1, MPI_DOUBLE_PRECISION, left, 0, MPI_COMM_WORLD, status, ierr)
     call MPI_Sendrecv(u(1), 1, MPI_DOUBLE_PRECISION, left, 1, &
                       u(nloc+1), 1, MPI_DOUBLE_PRECISION, right, 1, MPI_COMM_WORLD, status, ierr)
     unew(1:nloc) = 0.5d0 * (u(0:nloc-1) + u(2:nloc+1))
     u(1:nloc) = unew
  end do
  if (rank == 0) print *, 'u(1) = ', u(1)
  call MPI_Finalize(ierr)
end program jacobi_sections
