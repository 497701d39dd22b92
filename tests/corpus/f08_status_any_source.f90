! MPI 3 Fortran 2008 binding with TYPE(MPI_Status): every worker sends its
! rank times ten to rank 0, which receives from MPI_ANY_SOURCE and reads the
! sender from status%MPI_SOURCE.
program f08_status
  use mpi_f08
  implicit none
  integer :: rank, nprocs, i, val
  type(MPI_Status) :: st

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs)
  if (rank == 0) then
     do i = 1, nprocs - 1
        call MPI_Recv(val, 1, MPI_INTEGER, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, st)
        print *, 'from', st%MPI_SOURCE, ':', val
     end do
  else
     val = 10 * rank
     call MPI_Send(val, 1, MPI_INTEGER, 0, 0, MPI_COMM_WORLD)
  end if
  call MPI_Finalize()
end program f08_status
