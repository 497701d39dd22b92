! ierr_check_f90.f90 - every MPI call's error code is checked against
! MPI_SUCCESS, with a small checking subroutine that aborts on failure.
! Rank 0 broadcasts 6 integers of parameters, then all ranks sum a value.
program ierr_check
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, k
  integer :: params(6)
  double precision :: mine, total

  call MPI_Init(ierr)
  call check(ierr, 'MPI_Init')
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call check(ierr, 'MPI_Comm_rank')
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  if (ierr /= MPI_SUCCESS) call MPI_Abort(MPI_COMM_WORLD, ierr, ierr)

  if (rank == 0) then
     do k = 1, 6
        params(k) = 10 * k
     end do
  end if
  call MPI_Bcast(params, 6, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call check(ierr, 'MPI_Bcast')

  mine = dble(rank)
  call MPI_Allreduce(mine, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(ierr, 'MPI_Allreduce')
  if (rank == 0) print *, 'total = ', total
  call MPI_Finalize(ierr)
end program ierr_check

subroutine check(code, what)
  use mpi
  implicit none
  integer, intent(in) :: code
  character(len=*), intent(in) :: what
  integer :: ignored
  if (code /= MPI_SUCCESS) then
     print *, what, ' failed with code ', code
     call MPI_Abort(MPI_COMM_WORLD, code, ignored)
  end if
end subroutine check
