! Ring pass with the message length from the command line: every rank sends
! a block of N doubles to its right neighbour and receives from the left
! with non-blocking calls and MPI_WAITALL, NREP times; rank 0 reports the
! bandwidth measured with MPI_WTIME.
program cmdline_ring
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, n, rep, nrep, left, right
  integer :: reqs(2), stats(MPI_STATUS_SIZE, 2)
  character(len=32) :: arg
  double precision, allocatable :: sbuf(:), rbuf(:)
  double precision :: t0, t1

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  n = 1000
  nrep = 10
  if (command_argument_count() >= 1) then
     call get_command_argument(1, arg)
     read(arg, *) n
  end if
  allocate(sbuf(n), rbuf(n))
  sbuf = dble(rank)
  right = mod(rank + 1, nprocs)
  left = mod(rank - 1 + nprocs, nprocs)

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  t0 = MPI_Wtime()
  do rep = 1, nrep
     call MPI_Irecv(rbuf, n, MPI_DOUBLE_PRECISION, left, rep, MPI_COMM_WORLD, reqs(1), ierr)
     call MPI_Isend(sbuf, n, MPI_DOUBLE_PRECISION, right, rep, MPI_COMM_WORLD, reqs(2), ierr)
     call MPI_Waitall(2, reqs, stats, ierr)
  end do
  t1 = MPI_Wtime()
  if (rank == 0) then
     print *, 'n =', n, ' time per pass', (t1 - t0) / nrep
     print *, 'MB/s', 8.0d0 * n / ((t1 - t0) / nrep) / 1.0d6
  end if
  deallocate(sbuf, rbuf)
  call MPI_Finalize(ierr)
end program cmdline_ring
