! Hello world with processor names and a broadcast run label: rank 0 sets a
! CHARACTER label and broadcasts it with MPI_CHARACTER; every rank reports
! its processor name (MPI_GET_PROCESSOR_NAME) with TRIM, and the ranks take
! turns printing in a loop with MPI_BARRIER.  A DO loop without control
! leaves with EXIT after 4 passes per process.
program hello_names
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, namelen, turn, k
  character(len=MPI_MAX_PROCESSOR_NAME) :: pname
  character(len=32) :: label

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call MPI_Get_processor_name(pname, namelen, ierr)
  if (rank == 0) label = 'run-2024-a'
  call MPI_Bcast(label, len(label), MPI_CHARACTER, 0, MPI_COMM_WORLD, ierr)
  k = 0
  do
     k = k + 1
     if (k >= 4 * nprocs) exit
  end do
  do turn = 0, nprocs - 1
     if (turn == rank) then
        write(*, '(a, i4, a, a, a, a)') 'rank', rank, ' on ', trim(pname(1:namelen)), ' label ', trim(label)
     end if
     call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end do
  if (any([k < 0, namelen < 0])) error stop 'impossible'
  call MPI_Finalize(ierr)
end program hello_names
