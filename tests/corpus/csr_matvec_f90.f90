! Distributed CSR matrix-vector product in Fortran 90 (the 1-D Laplacian, rows by blocks): each
! rank builds its rows' row pointers (1-based, rowptr(nloc+1) = nnz + 1), column indices and
! values, gathers the whole vector with MPI_ALLGATHER and applies its rows NREP times, in the
! style of the sparse kernels of Fortran course notes and solver mini-apps.
program csr_matvec
  use mpi
  implicit none
  integer, parameter :: nglobal = 2048, nrep = 8
  integer :: rank, nprocs, ierr, nloc, first, nnz, r, g, k
  integer, allocatable :: rowptr(:), col(:)
  double precision, allocatable :: val(:), x(:), xloc(:), y(:)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  nloc = nglobal / nprocs
  first = rank * nloc + 1
  allocate(rowptr(nloc + 1), col(3 * nloc), val(3 * nloc))
  allocate(x(nglobal), xloc(nloc), y(nloc))

  nnz = 0
  do r = 1, nloc
    g = first + r - 1
    rowptr(r) = nnz + 1
    if (g > 1) then
      nnz = nnz + 1
      col(nnz) = g - 1
      val(nnz) = -1.0d0
    end if
    nnz = nnz + 1
    col(nnz) = g
    val(nnz) = 2.0d0
    if (g < nglobal) then
      nnz = nnz + 1
      col(nnz) = g + 1
      val(nnz) = -1.0d0
    end if
  end do
  rowptr(nloc + 1) = nnz + 1

  xloc = 1.0d0
  do k = 1, nrep
    call MPI_Allgather(xloc, nloc, MPI_DOUBLE_PRECISION, x, nloc, MPI_DOUBLE_PRECISION, &
                       MPI_COMM_WORLD, ierr)
    call matvec(nloc, rowptr, col, val, x, y)
    xloc = 0.5d0 * y
  end do
  if (rank == 0) print *, 'local non-zeros', nnz, ' y(1) =', y(1)
  deallocate(rowptr, col, val, x, xloc, y)
  call MPI_Finalize(ierr)

contains

  subroutine matvec(n, rowptr, col, val, x, y)
    integer, intent(in) :: n, rowptr(n + 1), col(*)
    double precision, intent(in) :: val(*), x(*)
    double precision, intent(out) :: y(n)
    integer :: i, p
    double precision :: s
    do i = 1, n
      s = 0.0d0
      do p = rowptr(i), rowptr(i + 1) - 1
        s = s + val(p) * x(col(p))
      end do
      y(i) = s
    end do
  end subroutine matvec

end program csr_matvec
