! Conjugate gradient for the 1-D Laplacian (tridiagonal 2, -1), distributed
! by blocks: the matrix-vector product needs one halo value from each side
! (MPI_SENDRECV, MPI_PROC_NULL at the ends), the dot products are local sums
! completed with MPI_ALLREDUCE, and the loop ends when the residual norm is
! below TOL or after MAXIT iterations.
module cg_ops
  use mpi
  implicit none
contains

  function pdot(a, b, n) result(s)
    integer, intent(in) :: n
    double precision, intent(in) :: a(n), b(n)
    double precision :: s, sloc
    integer :: ierr
    sloc = dot_product(a, b)
    call MPI_Allreduce(sloc, s, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  end function pdot

  subroutine laplace(p, q, n, left, right)
    integer, intent(in) :: n, left, right
    double precision, intent(inout) :: p(0:n+1)
    double precision, intent(out) :: q(n)
    integer :: i, ierr, status(MPI_STATUS_SIZE)
    call MPI_Sendrecv(p(n), 1, MPI_DOUBLE_PRECISION, right, 0, p(0), 1, &
                      MPI_DOUBLE_PRECISION, left, 0, MPI_COMM_WORLD, status, ierr)
    call MPI_Sendrecv(p(1), 1, MPI_DOUBLE_PRECISION, left, 1, p(n+1), 1, &
                      MPI_DOUBLE_PRECISION, right, 1, MPI_COMM_WORLD, status, ierr)
    do i = 1, n
       q(i) = 2.0d0 * p(i) - p(i-1) - p(i+1)
    end do
  end subroutine laplace

end module cg_ops

program cg
  use cg_ops
  implicit none
  integer, parameter :: nloc = 100, maxit = 50
  double precision, parameter :: tol = 1.0d-8
  integer :: ierr, rank, nprocs, left, right, it
  double precision :: x(nloc), r(nloc), p(0:nloc+1), q(nloc)
  double precision :: rho, rho_old, alpha, pq

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  left = rank - 1
  right = rank + 1
  if (left < 0) left = MPI_PROC_NULL
  if (right >= nprocs) right = MPI_PROC_NULL

  x = 0.0d0
  r = 1.0d0
  p = 0.0d0
  p(1:nloc) = r
  rho = pdot(r, r, nloc)
  it = 0
  do while (sqrt(rho) > tol .and. it < maxit)
     it = it + 1
     call laplace(p, q, nloc, left, right)
     pq = pdot(p(1:nloc), q, nloc)
     alpha = rho / pq
     x = x + alpha * p(1:nloc)
     r = r - alpha * q
     rho_old = rho
     rho = pdot(r, r, nloc)
     p(1:nloc) = r + (rho / rho_old) * p(1:nloc)
  end do
  if (rank == 0) print '(a,i4,a,es12.4)', 'iterations', it, '  residual', sqrt(rho)
  call MPI_Finalize(ierr)
end program cg
