! Column sums of a distributed 2-D array: each rank sums its block of rows
! into a vector with SUM(a(:, j)), the vectors are combined on rank 0 with
! MPI_REDUCE of an array section, then broadcast back with MPI_BCAST of the
! whole vector; MPI_ALLREDUCE with MPI_IN_PLACE gives the global maximum.
program colsums
  use mpi
  implicit none
  integer, parameter :: nrow = 60, ncol = 24
  integer :: ierr, rank, nprocs, j
  double precision :: a(nrow, ncol), s(ncol), total(ncol), gmax

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call random_number(a)
  do j = 1, ncol
     s(j) = sum(a(:, j))
  end do
  total = 0.0d0
  call MPI_Reduce(s(1:ncol), total(1:ncol), ncol, MPI_DOUBLE_PRECISION, MPI_SUM, 0, &
                  MPI_COMM_WORLD, ierr)
  call MPI_Bcast(total, ncol, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  gmax = maxval(total)
  call MPI_Allreduce(MPI_IN_PLACE, gmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a, f12.4)', 'largest column sum ', gmax
  call MPI_Finalize(ierr)
end program colsums
