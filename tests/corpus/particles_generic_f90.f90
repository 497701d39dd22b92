! Particles in an array of derived types with a generic interface: the
! module overloads 'advance' for one particle and for an array of them
! (MODULE PROCEDURE); positions are initialised with an implied-DO array
! constructor; the number of particles that left the box is counted with
! COUNT and summed over ranks with MPI_ALLREDUCE(MPI_IN_PLACE, ...).
module particles
  implicit none
  type :: particle
     double precision :: x, v
  end type particle
  interface advance
     module procedure advance_one, advance_all
  end interface advance
contains
  subroutine advance_one(p, dt)
    type(particle), intent(inout) :: p
    double precision, intent(in) :: dt
    p%x = p%x + dt * p%v
  end subroutine advance_one

  subroutine advance_all(ps, n, dt)
    integer, intent(in) :: n
    type(particle), intent(inout) :: ps(n)
    double precision, intent(in) :: dt
    integer :: i
    do i = 1, n
       call advance_one(ps(i), dt)
    end do
  end subroutine advance_all
end module particles

program particle_push
  use mpi
  use particles
  implicit none
  integer, parameter :: np = 500, nsteps = 20
  integer :: ierr, rank, nprocs, i, step, nout
  type(particle) :: ps(np)
  double precision :: xs(np)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  xs = [(dble(i) / np, i = 1, np)]
  do i = 1, np
     ps(i)%x = xs(i)
     ps(i)%v = 0.01d0 * (rank + 1)
  end do
  do step = 1, nsteps
     call advance(ps, np, 0.1d0)
  end do
  call advance(ps(1), 0.1d0)
  nout = count(ps(:)%x > 1.0d0)
  call MPI_Allreduce(MPI_IN_PLACE, nout, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'particles out of the box:', nout
  call MPI_Finalize(ierr)
end program particle_push
