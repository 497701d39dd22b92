! Master-worker in Fortran 90: the master hands out NTASK task numbers, one
! at a time, to whichever worker reports back (MPI_ANY_SOURCE, the sender from
! status(MPI_SOURCE)), then sends every worker a stop tag.  A worker's task
! is a loop whose length depends on the task number.
program master_worker_tags
  use mpi
  implicit none
  integer, parameter :: ntask = 12, tag_work = 1, tag_stop = 2
  integer :: ierr, rank, nprocs, status(MPI_STATUS_SIZE)
  integer :: task, sent, done, w
  double precision :: res

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)

  if (rank == 0) then
     sent = 0
     do w = 1, nprocs - 1
        sent = sent + 1
        call MPI_Send(sent, 1, MPI_INTEGER, w, tag_work, MPI_COMM_WORLD, ierr)
     end do
     done = 0
     do while (done < ntask)
        call MPI_Recv(res, 1, MPI_DOUBLE_PRECISION, MPI_ANY_SOURCE, MPI_ANY_TAG, &
                      MPI_COMM_WORLD, status, ierr)
        done = done + 1
        if (sent < ntask) then
           sent = sent + 1
           call MPI_Send(sent, 1, MPI_INTEGER, status(MPI_SOURCE), tag_work, &
                         MPI_COMM_WORLD, ierr)
        else
           call MPI_Send(0, 1, MPI_INTEGER, status(MPI_SOURCE), tag_stop, &
                         MPI_COMM_WORLD, ierr)
        end if
     end do
  else
     do
        call MPI_Recv(task, 1, MPI_INTEGER, 0, MPI_ANY_TAG, MPI_COMM_WORLD, status, ierr)
        if (status(MPI_TAG) == tag_stop) exit
        res = work(task)
        call MPI_Send(res, 1, MPI_DOUBLE_PRECISION, 0, tag_work, MPI_COMM_WORLD, ierr)
     end do
  end if
  call MPI_Finalize(ierr)

contains

  double precision function work(k)
    integer, intent(in) :: k
    integer :: i
    work = 0.0d0
    do i = 1, 100 * k
       work = work + 1.0d0 / dble(i)
    end do
  end function work

end program master_worker_tags
