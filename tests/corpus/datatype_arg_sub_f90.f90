! datatype_arg_sub_f90.f90 - a Fortran send/receive layer: subroutines take
! the MPI datatype and the communicator as INTEGER arguments, as library
! codes do.  Rank 0 sends 10 DOUBLE PRECISION values and 20 INTEGERs to
! rank 1 through them.
program datatype_arg
  use mpi
  implicit none
  integer :: ierr, rank, k
  double precision :: vals(10)
  integer :: idx(20)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  do k = 1, 10
     vals(k) = 1.0d0
  end do
  do k = 1, 20
     idx(k) = k
  end do
  if (rank == 0) then
     call put_block(vals, 10, MPI_DOUBLE_PRECISION, 1, MPI_COMM_WORLD)
     call put_block(idx, 20, MPI_INTEGER, 1, MPI_COMM_WORLD)
  else if (rank == 1) then
     call get_block(vals, 10, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD)
     call get_block(idx, 20, MPI_INTEGER, 0, MPI_COMM_WORLD)
  end if
  call MPI_Finalize(ierr)
end program datatype_arg

subroutine put_block(buf, n, dtype, dest, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, dtype, dest, comm
  double precision :: buf(*)
  integer :: ierr
  call MPI_Send(buf, n, dtype, dest, 7, comm, ierr)
end subroutine put_block

subroutine get_block(buf, n, dtype, src, comm)
  use mpi
  implicit none
  integer, intent(in) :: n, dtype, src, comm
  double precision :: buf(*)
  integer :: ierr, status(MPI_STATUS_SIZE)
  call MPI_Recv(buf, n, dtype, src, 7, comm, status, ierr)
end subroutine get_block
