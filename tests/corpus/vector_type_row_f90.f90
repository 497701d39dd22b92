! Sending a row of a column-major matrix with a derived datatype: the row's
! elements are N apart in memory, so MPI_TYPE_VECTOR(ncols, 1, nrows, ...)
! describes it; rank 0 sends row 1 to every other rank, which receives it as
! a contiguous vector.
program vector_row
  use mpi
  implicit none
  integer, parameter :: nrows = 50, ncols = 40
  integer :: ierr, rank, nprocs, rowtype, p, i, j
  integer :: status(MPI_STATUS_SIZE)
  double precision :: a(nrows, ncols), row(ncols)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call MPI_Type_vector(ncols, 1, nrows, MPI_DOUBLE_PRECISION, rowtype, ierr)
  call MPI_Type_commit(rowtype, ierr)
  if (rank == 0) then
     forall (i = 1:nrows, j = 1:ncols) a(i, j) = dble(i + j)
     do p = 1, nprocs - 1
        call MPI_Send(a(1, 1), 1, rowtype, p, 7, MPI_COMM_WORLD, ierr)
     end do
  else
     call MPI_Recv(row, ncols, MPI_DOUBLE_PRECISION, 0, 7, MPI_COMM_WORLD, status, ierr)
  end if
  call MPI_Type_free(rowtype, ierr)
  call MPI_Finalize(ierr)
end program vector_row
