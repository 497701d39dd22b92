! cart_shift_f90.f90 - a 1-D periodic Cartesian topology in Fortran 90:
! MPI_CART_CREATE, MPI_CART_COORDS and MPI_CART_SHIFT give the neighbours;
! each step sends a boundary slab of 50 REALs (200 bytes) to both sides
! with MPI_SENDRECV and then computes (stated with !$interp cost).
program cart_shift
  use mpi
  implicit none
  integer, parameter :: nslab = 50, nsteps = 10
  integer :: ierr, nprocs, cart, me, src, dst, step
  integer :: dims(1), coords(1)
  logical :: periods(1)
  integer :: status(MPI_STATUS_SIZE)
  real :: lo_out(nslab), hi_out(nslab), lo_in(nslab), hi_in(nslab)

  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  dims(1) = nprocs
  periods(1) = .true.
  call MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., cart, ierr)
  call MPI_Comm_rank(cart, me, ierr)
  call MPI_Cart_coords(cart, me, 1, coords, ierr)
  call MPI_Cart_shift(cart, 0, 1, src, dst, ierr)

  do step = 1, nslab
     lo_out(step) = 0.0
     hi_out(step) = 0.0
  end do
  do step = 1, nsteps
     call MPI_Sendrecv(hi_out, nslab, MPI_REAL, dst, 1, lo_in, nslab, MPI_REAL, src, 1, &
                       cart, status, ierr)
     call MPI_Sendrecv(lo_out, nslab, MPI_REAL, src, 2, hi_in, nslab, MPI_REAL, dst, 2, &
                       cart, status, ierr)
     !$interp cost(300 us)
     call relax(lo_in, hi_in, lo_out, hi_out, nslab)
  end do
  if (me == 0) print *, 'rank 0 at coordinate ', coords(1)
  call MPI_Comm_free(cart, ierr)
  call MPI_Finalize(ierr)
end program cart_shift

subroutine relax(a, b, c, d, n)
  implicit none
  integer, intent(in) :: n
  real, intent(in) :: a(n), b(n)
  real, intent(inout) :: c(n), d(n)
  integer :: i
  do i = 1, n
     c(i) = 0.5 * (a(i) + c(i))
     d(i) = 0.5 * (b(i) + d(i))
  end do
end subroutine relax
