! Input from a namelist file on rank 0, broadcast to all: the usual way
! mini-apps take their parameters.  The grid size and step count then
! bound the local work.
program namelist_input
  use mpi
  implicit none
  integer :: ierr, rank, nx, nsteps, i, s, iu
  double precision :: dt
  double precision, allocatable :: q(:)
  namelist /params/ nx, nsteps, dt

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  nx = 100
  nsteps = 10
  dt = 0.01d0
  if (rank == 0) then
     open(newunit=iu, file='params.nml', status='old', action='read')
     read(iu, nml=params)
     close(iu)
  end if
  call MPI_Bcast(nx, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(nsteps, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(dt, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  allocate(q(nx))
  q = 1.0d0
  do s = 1, nsteps
     do i = 2, nx
        q(i) = q(i) - dt * (q(i) - q(i-1))
     end do
  end do
  if (rank == 0) print *, q(nx)
  call MPI_Finalize(ierr)
end program namelist_input
