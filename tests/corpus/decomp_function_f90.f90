! Block decomposition computed by a function: rows_of(n, p, r) counts the
! rows process r gets when n rows are dealt out one at a time to p
! processes (a loop, the way the remainder is often spread in teaching
! codes).  Each process then sends its block of rows to rank 0, whose
! receive count comes from the same function for the sender's rank.
program decomp_function
  use mpi
  implicit none
  integer, parameter :: n = 103, ncol = 8
  integer :: ierr, rank, nprocs, nrows, src, cnt
  integer :: status(MPI_STATUS_SIZE)
  double precision :: block(n * ncol), recvbuf(n * ncol)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  nrows = rows_of(n, nprocs, rank)
  block(1:nrows * ncol) = dble(rank)
  if (rank /= 0) then
     call MPI_Send(block, nrows * ncol, MPI_DOUBLE_PRECISION, 0, 1, MPI_COMM_WORLD, ierr)
  else
     do src = 1, nprocs - 1
        cnt = rows_of(n, nprocs, src) * ncol
        call MPI_Recv(recvbuf, cnt, MPI_DOUBLE_PRECISION, src, 1, MPI_COMM_WORLD, status, ierr)
     end do
     print *, 'rank 0 has', nrows, 'rows'
  end if
  call MPI_Finalize(ierr)

contains

  integer function rows_of(nr, np, r)
    integer, intent(in) :: nr, np, r
    integer :: k
    rows_of = 0
    do k = 0, nr - 1
       if (mod(k, np) == r) rows_of = rows_of + 1
    end do
  end function rows_of

end program decomp_function
