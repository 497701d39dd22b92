! Sparse matrix-vector product in CSR form (the inner loop of many
! mini-apps): the column indices are an integer array read indirectly,
! x(col(k)).  Each rank owns NLOC rows of a random sparsity pattern with
! NNZR nonzeros per row; the product is repeated NREP times and the norms
! combined with MPI_ALLREDUCE.
program spmv_csr
  use mpi
  implicit none
  integer, parameter :: nloc = 2000, nnzr = 5, nrep = 3
  integer :: ierr, rank, nprocs, i, k, rep, n
  integer, allocatable :: rowptr(:), col(:)
  double precision, allocatable :: val(:), x(:), y(:)
  double precision :: r, s, gs

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  n = nloc * nprocs
  allocate(rowptr(nloc+1), col(nloc*nnzr), val(nloc*nnzr), x(n), y(nloc))
  rowptr(1) = 1
  do i = 1, nloc
     rowptr(i+1) = rowptr(i) + nnzr
     do k = rowptr(i), rowptr(i+1) - 1
        call random_number(r)
        col(k) = 1 + int(r * (n - 1))
        val(k) = 1.0d0 / dble(nnzr)
     end do
  end do
  x = 1.0d0
  do rep = 1, nrep
     do i = 1, nloc
        s = 0.0d0
        do k = rowptr(i), rowptr(i+1) - 1
           s = s + val(k) * x(col(k))
        end do
        y(i) = s
     end do
  end do
  s = sum(y * y)
  call MPI_Allreduce(s, gs, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, '|y|^2 =', gs
  call MPI_Finalize(ierr)
end program spmv_csr
