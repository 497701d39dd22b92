! Explicit 1-D heat equation, rows split in blocks over the processes.
!
! In the style of Fortran teaching codes moved to MPI-3: the two halo receives and sends are
! persistent requests set up once (MPI_RECV_INIT / MPI_SEND_INIT into an array of requests),
! each step starts them with MPI_STARTALL, updates the interior points and completes them with
! MPI_WAITALL before the two edge points. Every 10 steps the squared change is summed over the
! processes with MPI_IALLREDUCE, overlapped with the copy of the new solution.
program heat1d_persistent
  use mpi
  implicit none
  integer, parameter :: n = 500, nsteps = 100
  double precision :: u(0:n+1), unew(0:n+1), change, gchange
  integer :: rank, nprocs, ierr, left, right, step, i
  integer :: reqs(4), sumreq

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  left = rank - 1
  right = rank + 1
  if (rank == 0) left = MPI_PROC_NULL
  if (rank == nprocs - 1) right = MPI_PROC_NULL

  u = 0.0d0
  if (rank == 0) u(0) = 1.0d0

  call MPI_RECV_INIT(u(0), 1, MPI_DOUBLE_PRECISION, left, 1, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_RECV_INIT(u(n+1), 1, MPI_DOUBLE_PRECISION, right, 2, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_SEND_INIT(u(1), 1, MPI_DOUBLE_PRECISION, left, 2, MPI_COMM_WORLD, reqs(3), ierr)
  call MPI_SEND_INIT(u(n), 1, MPI_DOUBLE_PRECISION, right, 1, MPI_COMM_WORLD, reqs(4), ierr)

  do step = 1, nsteps
    call MPI_STARTALL(4, reqs, ierr)
    do i = 2, n - 1
      unew(i) = u(i) + 0.25d0 * (u(i-1) - 2.0d0 * u(i) + u(i+1))
    end do
    call MPI_WAITALL(4, reqs, MPI_STATUSES_IGNORE, ierr)
    unew(1) = u(1) + 0.25d0 * (u(0) - 2.0d0 * u(1) + u(2))
    unew(n) = u(n) + 0.25d0 * (u(n-1) - 2.0d0 * u(n) + u(n+1))
    if (mod(step, 10) == 0) then
      change = 0.0d0
      do i = 1, n
        change = change + (unew(i) - u(i))**2
      end do
      call MPI_IALLREDUCE(change, gchange, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, sumreq, ierr)
      u(1:n) = unew(1:n)
      call MPI_WAIT(sumreq, MPI_STATUS_IGNORE, ierr)
      if (rank == 0) print *, 'step', step, 'change', gchange
    else
      u(1:n) = unew(1:n)
    end if
  end do

  do i = 1, 4
    call MPI_REQUEST_FREE(reqs(i), ierr)
  end do
  call MPI_FINALIZE(ierr)
end program heat1d_persistent
