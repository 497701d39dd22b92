! two_file_driver_f90.f90 - main program of a two-file Fortran code; the
! subroutines are in two_file_kernels_f90.f90:
!     mpif90 -o app two_file_driver_f90.f90 two_file_kernels_f90.f90
program driver
  use mpi
  implicit none
  integer :: ierr, rank, step
  double precision :: energy

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  do step = 1, 20
     call advance(rank)
     call total_energy(rank, energy)
  end do
  if (rank == 0) print *, 'energy ', energy
  call MPI_Finalize(ierr)
end program driver
