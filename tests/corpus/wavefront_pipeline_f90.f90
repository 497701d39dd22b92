! A pipelined wavefront (Gauss-Seidel sweep over a strip decomposition):
! each rank waits for the boundary row of the rank above, updates its rows
! column block by column block, and passes its last row down; the blocks
! flow through the ranks as a pipeline.
program wavefront
  use mpi
  implicit none
  integer, parameter :: nx = 64, nyloc = 16, nb = 8
  integer :: ierr, rank, nprocs, up, down, jb, i, j, j0
  integer :: status(MPI_STATUS_SIZE)
  double precision :: u(0:nyloc, nx)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  up = rank - 1
  down = rank + 1
  if (up < 0) up = MPI_PROC_NULL
  if (down >= nprocs) down = MPI_PROC_NULL
  u = 1.0d0
  do jb = 1, nx / nb
     j0 = (jb - 1) * nb + 1
     call MPI_Recv(u(0, j0), nb, MPI_DOUBLE_PRECISION, up, jb, MPI_COMM_WORLD, status, ierr)
     do j = j0, j0 + nb - 1
        do i = 1, nyloc
           u(i, j) = 0.5d0 * (u(i - 1, j) + u(i, j))
        end do
     end do
     call MPI_Send(u(nyloc, j0), nb, MPI_DOUBLE_PRECISION, down, jb, MPI_COMM_WORLD, ierr)
  end do
  call MPI_Finalize(ierr)
end program wavefront
