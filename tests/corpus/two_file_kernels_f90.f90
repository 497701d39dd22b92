! two_file_kernels_f90.f90 - subroutines of the program whose main program
! is two_file_driver_f90.f90 (no main program here).
subroutine advance(rank)
  implicit none
  integer, intent(in) :: rank
  double precision :: x
  !$interp cost(250 us)
  x = dble(rank)
end subroutine advance

subroutine total_energy(rank, energy)
  use mpi
  implicit none
  integer, intent(in) :: rank
  double precision, intent(out) :: energy
  double precision :: mine
  integer :: ierr
  mine = dble(rank)
  call MPI_Allreduce(mine, energy, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
end subroutine total_energy
