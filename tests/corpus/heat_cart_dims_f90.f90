! 2-D heat equation on a Cartesian process grid: a module holds the grid
! sizes and the halo exchange, the main program creates the grid with
! MPI_CART_CREATE / MPI_CART_SHIFT, allocates the local block with ghost
! cells and iterates a fixed number of explicit steps.  Rows are exchanged
! as contiguous columns of the Fortran array (first index fastest), the
! other direction with a strided copy into a buffer.
module heat_grid
  use mpi
  implicit none
  integer, parameter :: nx = 64, ny = 64
  integer :: comm2d, north, south, east, west
contains

  subroutine exchange(u, mx, my)
    integer, intent(in) :: mx, my
    double precision, intent(inout) :: u(0:mx+1, 0:my+1)
    double precision :: sbuf(mx), rbuf(mx)
    integer :: status(MPI_STATUS_SIZE), ierr
    ! columns j = 1 and j = my are contiguous in memory
    call MPI_Sendrecv(u(1, my), mx, MPI_DOUBLE_PRECISION, east, 1, &
                      u(1, 0), mx, MPI_DOUBLE_PRECISION, west, 1, comm2d, status, ierr)
    call MPI_Sendrecv(u(1, 1), mx, MPI_DOUBLE_PRECISION, west, 2, &
                      u(1, my+1), mx, MPI_DOUBLE_PRECISION, east, 2, comm2d, status, ierr)
    ! rows i = 1 and i = mx are strided: pack them
    sbuf(1:my) = u(mx, 1:my)
    call MPI_Sendrecv(sbuf, my, MPI_DOUBLE_PRECISION, south, 3, &
                      rbuf, my, MPI_DOUBLE_PRECISION, north, 3, comm2d, status, ierr)
    u(0, 1:my) = rbuf(1:my)
    sbuf(1:my) = u(1, 1:my)
    call MPI_Sendrecv(sbuf, my, MPI_DOUBLE_PRECISION, north, 4, &
                      rbuf, my, MPI_DOUBLE_PRECISION, south, 4, comm2d, status, ierr)
    u(mx+1, 1:my) = rbuf(1:my)
  end subroutine exchange

end module heat_grid

program heat_cart
  use heat_grid
  implicit none
  integer :: ierr, rank, nprocs, dims(2), coords(2), mx, my, i, j, step
  logical :: periods(2), reorder
  double precision, allocatable :: u(:,:), unew(:,:)
  double precision, parameter :: alpha = 0.1d0
  integer, parameter :: nsteps = 5

  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  dims = 0
  call MPI_Dims_create(nprocs, 2, dims, ierr)
  periods = .false.
  reorder = .true.
  call MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, reorder, comm2d, ierr)
  call MPI_Comm_rank(comm2d, rank, ierr)
  call MPI_Cart_coords(comm2d, rank, 2, coords, ierr)
  call MPI_Cart_shift(comm2d, 0, 1, north, south, ierr)
  call MPI_Cart_shift(comm2d, 1, 1, west, east, ierr)

  mx = nx / dims(1)
  my = ny / dims(2)
  allocate(u(0:mx+1, 0:my+1), unew(mx, my))
  u = 0.0d0
  if (coords(1) == 0) u(0, :) = 1.0d0

  do step = 1, nsteps
     call exchange(u, mx, my)
     do j = 1, my
        do i = 1, mx
           unew(i, j) = u(i, j) + alpha * (u(i-1, j) + u(i+1, j) + &
                        u(i, j-1) + u(i, j+1) - 4.0d0 * u(i, j))
        end do
     end do
     u(1:mx, 1:my) = unew
  end do

  if (rank == 0) print *, 'u(1,1) after', nsteps, 'steps:', u(1, 1)
  deallocate(u, unew)
  call MPI_Finalize(ierr)
end program heat_cart
