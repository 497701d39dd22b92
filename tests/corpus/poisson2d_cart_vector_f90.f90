! 2-D Poisson with a 2-D Cartesian decomposition: MPI_DIMS_CREATE,
! MPI_CART_CREATE with periods = [.false., .false.], MPI_CART_COORDS for
! the global offsets, MPI_TYPE_VECTOR for the strided halo (a row of the
! column-major block), and a fixed number of Jacobi sweeps with a residual
! computed by an internal function every 10 sweeps.
program poisson2d
  use mpi
  implicit none
  integer, parameter :: ng = 48, nsweep = 30
  integer :: ierr, rank, nprocs, comm, dims(2), coords(2), nbr(4), rowtype
  integer :: mx, my, i, j, it
  integer :: status(MPI_STATUS_SIZE)
  logical :: periods(2)
  double precision, allocatable :: u(:,:), f(:,:), unew(:,:)
  double precision :: h, res, gres

  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  dims = 0
  call MPI_Dims_create(nprocs, 2, dims, ierr)
  periods = [.false., .false.]
  call MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, .true., comm, ierr)
  call MPI_Comm_rank(comm, rank, ierr)
  call MPI_Cart_coords(comm, rank, 2, coords, ierr)
  call MPI_Cart_shift(comm, 0, 1, nbr(1), nbr(2), ierr)
  call MPI_Cart_shift(comm, 1, 1, nbr(3), nbr(4), ierr)
  mx = ng / dims(1)
  my = ng / dims(2)
  allocate(u(0:mx+1, 0:my+1), f(mx, my), unew(mx, my))
  h = 1.0d0 / (ng + 1)
  u = 0.0d0
  do j = 1, my
     do i = 1, mx
        f(i, j) = dble(coords(1) * mx + i + coords(2) * my + j) * h * h
     end do
  end do
  call MPI_Type_vector(my, 1, mx + 2, MPI_DOUBLE_PRECISION, rowtype, ierr)
  call MPI_Type_commit(rowtype, ierr)
  do it = 1, nsweep
     call MPI_Sendrecv(u(1, 1), 1, rowtype, nbr(1), 0, u(mx+1, 1), 1, rowtype, nbr(2), 0, &
                       comm, status, ierr)
     call MPI_Sendrecv(u(mx, 1), 1, rowtype, nbr(2), 1, u(0, 1), 1, rowtype, nbr(1), 1, &
                       comm, status, ierr)
     call MPI_Sendrecv(u(1, 1), mx, MPI_DOUBLE_PRECISION, nbr(3), 2, u(1, my+1), mx, &
                       MPI_DOUBLE_PRECISION, nbr(4), 2, comm, status, ierr)
     call MPI_Sendrecv(u(1, my), mx, MPI_DOUBLE_PRECISION, nbr(4), 3, u(1, 0), mx, &
                       MPI_DOUBLE_PRECISION, nbr(3), 3, comm, status, ierr)
     do j = 1, my
        do i = 1, mx
           unew(i, j) = 0.25d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1) - f(i, j))
        end do
     end do
     u(1:mx, 1:my) = unew
     if (mod(it, 10) == 0) then
        res = local_residual()
        call MPI_Allreduce(res, gres, 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm, ierr)
        if (rank == 0) print *, 'sweep', it, 'residual', sqrt(gres)
     end if
  end do
  call MPI_Type_free(rowtype, ierr)
  call MPI_Finalize(ierr)

contains

  double precision function local_residual()
    integer :: ii, jj
    double precision :: r
    local_residual = 0.0d0
    do jj = 1, my
       do ii = 1, mx
          r = 4.0d0 * u(ii, jj) - u(ii-1, jj) - u(ii+1, jj) - u(ii, jj-1) - u(ii, jj+1) + f(ii, jj)
          local_residual = local_residual + r * r
       end do
    end do
  end function local_residual

end program poisson2d
