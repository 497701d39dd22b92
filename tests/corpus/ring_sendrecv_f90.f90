! ring_sendrecv_f90.f90 - free-form Fortran 90: every rank passes a value
! around the ring NSTEPS times with MPI_SENDRECV (send right, receive from
! the left) and accumulates what it receives, modular neighbours with MOD.
program ring_sendrecv
  use mpi
  implicit none
  integer, parameter :: nsteps = 8
  integer :: ierr, rank, nprocs, left, right, step
  integer :: status(MPI_STATUS_SIZE)
  double precision :: sendval, recvval, acc

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  right = mod(rank + 1, nprocs)
  left = mod(rank - 1 + nprocs, nprocs)

  sendval = dble(rank)
  acc = 0.0d0
  do step = 1, nsteps
     call MPI_Sendrecv(sendval, 1, MPI_DOUBLE_PRECISION, right, step, &
                       recvval, 1, MPI_DOUBLE_PRECISION, left, step, &
                       MPI_COMM_WORLD, status, ierr)
     acc = acc + recvval
     sendval = recvval
  end do
  if (rank == 0) print *, 'accumulated ', acc
  call MPI_Finalize(ierr)
end program ring_sendrecv
