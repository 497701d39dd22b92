! contains_internal_sub_f90.f90 - the everyday Fortran 90 layout: helper
! routines are internal procedures after CONTAINS in the main program.
! Each rank fills a vector through an internal subroutine, and the ranks
! add their norms with MPI_ALLREDUCE.
program contains_internal
  use mpi
  implicit none
  integer, parameter :: n = 100
  integer :: ierr, rank
  double precision :: v(n), mine, total

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call fill(v, n, rank)
  mine = norm2sq(v, n)
  call MPI_Allreduce(mine, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'sum of squares: ', total
  call MPI_Finalize(ierr)

contains

  subroutine fill(x, m, r)
    integer, intent(in) :: m, r
    double precision, intent(out) :: x(m)
    integer :: i
    do i = 1, m
       x(i) = dble(r + i)
    end do
  end subroutine fill

  double precision function norm2sq(x, m)
    integer, intent(in) :: m
    double precision, intent(in) :: x(m)
    integer :: i
    norm2sq = 0.0d0
    do i = 1, m
       norm2sq = norm2sq + x(i) * x(i)
    end do
  end function norm2sq
end program contains_internal
