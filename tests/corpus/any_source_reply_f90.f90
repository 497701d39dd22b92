! any_source_reply_f90.f90 - workers finish at different times and report to
! rank 0, which serves them in arrival order: it receives from MPI_ANY_SOURCE
! with MPI_ANY_TAG and answers the sender, STATUS(MPI_SOURCE), with as many
! values as the tag it sent asked for, STATUS(MPI_TAG).  The shape of many
! course "task farm" exercises.
program any_source_reply
  use mpi
  implicit none
  integer :: rank, nprocs, ierr, k, who, want
  integer :: status(MPI_STATUS_SIZE)
  double precision :: x(64)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  x(1) = 0.0d0
  if (rank == 0) then
    do k = 1, nprocs - 1
      call MPI_Recv(x, 1, MPI_DOUBLE_PRECISION, MPI_ANY_SOURCE, MPI_ANY_TAG, &
                    MPI_COMM_WORLD, status, ierr)
      who = status(MPI_SOURCE)
      want = status(MPI_TAG)
      call MPI_Send(x, want, MPI_DOUBLE_PRECISION, who, 0, MPI_COMM_WORLD, ierr)
    end do
  else
!$interp cost(rank * 1 ms)
    call work(x, rank)
    call MPI_Send(x, 1, MPI_DOUBLE_PRECISION, 0, 4 * rank, MPI_COMM_WORLD, ierr)
    call MPI_Recv(x, 64, MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, status, ierr)
  end if
  call MPI_Finalize(ierr)
end program any_source_reply

subroutine work(x, r)
  implicit none
  integer :: r
  double precision :: x(64)
  x(1) = x(1) + r
end subroutine work
