! 2-D Jacobi on a 1-D decomposition in the second index: the exchanged
! halos are whole columns (contiguous), but the reduction of the change
! between sweeps uses MAXVAL(ABS(...)) of an array expression and an
! MPI_ALLREDUCE with MPI_MAX; the sweep loop leaves with EXIT once the
! change is below TOL.
program jacobi2d_conv
  use mpi
  implicit none
  integer, parameter :: n = 32, maxsweep = 20
  double precision, parameter :: tol = 1.0d-3
  integer :: ierr, rank, nprocs, ncol, lft, rgt, it, i, j
  integer :: status(MPI_STATUS_SIZE)
  double precision, allocatable :: u(:,:), unew(:,:)
  double precision :: diff, gdiff

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  ncol = n / nprocs
  lft = rank - 1
  rgt = rank + 1
  if (rank == 0) lft = MPI_PROC_NULL
  if (rank == nprocs - 1) rgt = MPI_PROC_NULL
  allocate(u(0:n+1, 0:ncol+1), unew(0:n+1, 0:ncol+1))
  u = 0.0d0
  u(0, :) = 1.0d0
  unew = u

  do it = 1, maxsweep
     call MPI_Sendrecv(u(0, ncol), n+2, MPI_DOUBLE_PRECISION, rgt, 0, &
                       u(0, 0), n+2, MPI_DOUBLE_PRECISION, lft, 0, MPI_COMM_WORLD, status, ierr)
     call MPI_Sendrecv(u(0, 1), n+2, MPI_DOUBLE_PRECISION, lft, 1, &
                       u(0, ncol+1), n+2, MPI_DOUBLE_PRECISION, rgt, 1, MPI_COMM_WORLD, status, ierr)
     do j = 1, ncol
        do i = 1, n
           unew(i, j) = 0.25d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))
        end do
     end do
     diff = maxval(abs(unew(1:n, 1:ncol) - u(1:n, 1:ncol)))
     u(1:n, 1:ncol) = unew(1:n, 1:ncol)
     call MPI_Allreduce(diff, gdiff, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
     if (gdiff < tol) exit
  end do
  if (rank == 0) print *, 'sweeps', it, ' change', gdiff
  deallocate(u, unew)
  call MPI_Finalize(ierr)
end program jacobi2d_conv
