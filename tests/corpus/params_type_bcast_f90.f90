! Simulation parameters in a derived type: rank 0 fills them (as if from a
! namelist file), broadcasts the fields one by one, and every rank runs a
! relaxation whose sweep count and size come from the record.  A module
! function computes the local residual with a loop and returns it.
module sim_params
  implicit none
  type :: params_t
     integer :: n
     integer :: sweeps
     double precision :: omega
  end type params_t
contains

  double precision function residual(v, n)
    integer, intent(in) :: n
    double precision, intent(in) :: v(n)
    integer :: i
    residual = 0.0d0
    do i = 2, n - 1
       residual = residual + abs(v(i-1) - 2.0d0*v(i) + v(i+1))
    end do
  end function residual

end module sim_params

program params_bcast
  use mpi
  use sim_params
  implicit none
  type(params_t) :: prm
  integer :: ierr, rank, s, i
  double precision, allocatable :: v(:)
  double precision :: res, gres

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
     prm%n = 500
     prm%sweeps = 8
     prm%omega = 0.8d0
  end if
  call MPI_Bcast(prm%n, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(prm%sweeps, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(prm%omega, 1, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)

  allocate(v(prm%n))
  v = 0.0d0
  v(1) = 1.0d0
  do s = 1, prm%sweeps
     do i = 2, prm%n - 1
        v(i) = (1.0d0 - prm%omega) * v(i) + prm%omega * 0.5d0 * (v(i-1) + v(i+1))
     end do
  end do
  res = residual(v, prm%n)
  call MPI_Reduce(res, gres, 1, MPI_DOUBLE_PRECISION, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) write(*, '(a, es12.4)') 'max residual ', gres
  deallocate(v)
  call MPI_Finalize(ierr)
end program params_bcast
