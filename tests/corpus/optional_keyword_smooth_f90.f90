! A solver module with an explicit INTERFACE to an external subroutine,
! OPTIONAL arguments with PRESENT(), and INTENT(OUT) scalars: the number of
! smoothing sweeps is an optional argument defaulting to 3; the residual
! comes back through an INTENT(OUT) argument and is reduced with MPI_ALLREDUCE.
module smoother
  implicit none
contains
  subroutine smooth(v, n, resid, nsweep)
    integer, intent(in) :: n
    double precision, intent(inout) :: v(n)
    double precision, intent(out) :: resid
    integer, intent(in), optional :: nsweep
    integer :: s, i, ns
    ns = 3
    if (present(nsweep)) ns = nsweep
    do s = 1, ns
       do i = 2, n - 1
          v(i) = 0.5d0 * (v(i-1) + v(i+1))
       end do
    end do
    resid = 0.0d0
    do i = 2, n - 1
       resid = max(resid, abs(v(i) - 0.5d0 * (v(i-1) + v(i+1))))
    end do
  end subroutine smooth
end module smoother

program smooth_driver
  use mpi
  use smoother
  implicit none
  integer, parameter :: n = 400
  integer :: ierr, rank
  double precision :: v(n), r, rmax

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  v = 0.0d0
  v(1) = 1.0d0
  call smooth(v, n, r)
  call smooth(v, n, r, nsweep=5)
  call MPI_Allreduce(r, rmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'residual', rmax
  call MPI_Finalize(ierr)
end program smooth_driver
