! dowhile_iters_f90.f90 - a conjugate-gradient-like loop in Fortran 90: DO
! WHILE the residual is above the tolerance, with two global dot products
! per iteration.  The iteration count depends on the data: !$interp
! iters(25) states it; the local matrix-vector product is stated with cost.
program dowhile_iters
  use mpi
  implicit none
  integer :: ierr, rank, it
  double precision :: rho, rnorm, alpha, tol, dot

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  tol = 1.0d-8
  rnorm = 1.0d0
  it = 0
  !$interp iters(25)
  do while (rnorm > tol)
     !$interp cost(400 us)
     call local_matvec()
     dot = 1.0d0
     call MPI_Allreduce(dot, rho, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
     alpha = 1.0d0 / rho
     call MPI_Allreduce(alpha * dot, rnorm, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
     it = it + 1
  end do
  if (rank == 0) print *, 'iterations: ', it
  call MPI_Finalize(ierr)
end program dowhile_iters

subroutine local_matvec()
  ! the real code's matrix-vector product; its time is stated at the call
end subroutine local_matvec
