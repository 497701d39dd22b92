! Scatter a vector from the root, scale the local piece in an ELEMENTAL
! function, gather it back.  Kinds from SELECTED_REAL_KIND, a module
! constant dp, REAL(dp) arrays and literals with _dp.
module kinds
  implicit none
  integer, parameter :: dp = selected_real_kind(15, 307)
contains
  elemental function scaled(v, a) result(w)
    real(dp), intent(in) :: v, a
    real(dp) :: w
    w = a * v + 1.0_dp
  end function scaled
end module kinds

program scatter_gather
  use mpi
  use kinds
  implicit none
  integer, parameter :: n = 4096
  integer :: ierr, rank, nprocs, nloc, i
  real(dp), allocatable :: full(:), part(:)
  real(dp) :: t0, t1

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  nloc = n / nprocs
  allocate(part(nloc))
  if (rank == 0) then
     allocate(full(n))
     do i = 1, n
        full(i) = real(i, dp)
     end do
  else
     allocate(full(1))
  end if
  t0 = MPI_Wtime()
  call MPI_Scatter(full, nloc, MPI_DOUBLE_PRECISION, part, nloc, MPI_DOUBLE_PRECISION, &
                   0, MPI_COMM_WORLD, ierr)
  part = scaled(part, 2.0_dp)
  call MPI_Gather(part, nloc, MPI_DOUBLE_PRECISION, full, nloc, MPI_DOUBLE_PRECISION, &
                  0, MPI_COMM_WORLD, ierr)
  t1 = MPI_Wtime()
  if (rank == 0) write(*, '(a, f10.6, a)') 'round trip ', t1 - t0, ' s'
  deallocate(full, part)
  call MPI_Finalize(ierr)
end program scatter_gather
