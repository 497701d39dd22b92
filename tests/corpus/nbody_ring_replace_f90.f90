! Ring-pipelined N-body force sum: particles in a derived type array, NP
! per rank; the travelling copy of the positions moves around the ring with
! MPI_SENDRECV_REPLACE, and each rank adds the forces of the visiting block
! with a double loop that skips the self-interaction with CYCLE.
program nbody_ring
  use mpi
  implicit none
  integer, parameter :: np = 64
  integer :: ierr, rank, nprocs, step, i, j, left, right
  integer :: status(MPI_STATUS_SIZE)
  double precision :: x(np), xv(np), f(np), d

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  right = mod(rank + 1, nprocs)
  left = mod(rank + nprocs - 1, nprocs)
  do i = 1, np
     x(i) = dble(rank * np + i)
  end do
  xv = x
  f = 0.0d0
  do step = 0, nprocs - 1
     do i = 1, np
        do j = 1, np
           if (step == 0 .and. i == j) cycle
           d = xv(j) - x(i)
           f(i) = f(i) + d / (abs(d)**3 + 1.0d-3)
        end do
     end do
     call MPI_Sendrecv_replace(xv, np, MPI_DOUBLE_PRECISION, right, 0, left, 0, &
                               MPI_COMM_WORLD, status, ierr)
  end do
  if (rank == 0) print *, 'f(1) =', f(1)
  call MPI_Finalize(ierr)
end program nbody_ring
