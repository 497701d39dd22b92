! Row-block matrix-vector product y = A x repeated NITER times (a power
! iteration without the normalisation's square root): each rank owns N/P rows
! of A, computes its block of y with DOT_PRODUCT over whole rows, and
! MPI_ALLGATHER assembles the full vector for the next product.
program matvec_allgather
  use mpi
  implicit none
  integer, parameter :: n = 128, niter = 4
  integer :: ierr, rank, nprocs, nloc, i, j, it
  double precision, allocatable :: a(:,:), x(:), yloc(:)
  double precision :: norm2, gnorm2

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  nloc = n / nprocs
  allocate(a(nloc, n), x(n), yloc(nloc))
  do j = 1, n
     do i = 1, nloc
        a(i, j) = 1.0d0 / dble(rank*nloc + i + j - 1)
     end do
  end do
  x = 1.0d0

  do it = 1, niter
     do i = 1, nloc
        yloc(i) = dot_product(a(i, :), x)
     end do
     call MPI_Allgather(yloc, nloc, MPI_DOUBLE_PRECISION, x, nloc, &
                        MPI_DOUBLE_PRECISION, MPI_COMM_WORLD, ierr)
  end do
  norm2 = sum(yloc**2)
  call MPI_Allreduce(norm2, gnorm2, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) write(*,*) 'norm of A^k x:', sqrt(gnorm2)
  deallocate(a, x, yloc)
  call MPI_Finalize(ierr)
end program matvec_allgather
