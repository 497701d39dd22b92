! comm_split_f90.f90 - even and odd ranks form two communicators with
! MPI_COMM_SPLIT; each group runs NSTEPS steps of a local update (cost)
! followed by an MPI_ALLREDUCE on its own communicator.
program comm_split
  use mpi
  implicit none
  integer, parameter :: nsteps = 50
  integer :: ierr, wrank, wsize, color, sub, srank, ssize, step
  double precision :: x, s

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, wrank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, wsize, ierr)
  color = mod(wrank, 2)
  call MPI_Comm_split(MPI_COMM_WORLD, color, wrank, sub, ierr)
  call MPI_Comm_rank(sub, srank, ierr)
  call MPI_Comm_size(sub, ssize, ierr)

  x = dble(wrank)
  do step = 1, nsteps
     !$interp cost(200 us)
     x = 0.5d0 * x + 1.0d0
     call MPI_Allreduce(x, s, 1, MPI_DOUBLE_PRECISION, MPI_SUM, sub, ierr)
  end do
  if (srank == 0) print *, 'group ', color, ' of ', ssize, ' ranks: ', s
  call MPI_Comm_free(sub, ierr)
  call MPI_Finalize(ierr)
end program comm_split
