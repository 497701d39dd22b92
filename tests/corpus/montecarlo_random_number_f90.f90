! montecarlo_random_number_f90.f90 - the Fortran 90 version of the dart
! thrower: RANDOM_NUMBER gives each coordinate, a branch-probability
! annotation states the hit rate (pi/4), MPI_REDUCE adds the hits.
!
! Run: mpiexec -n 4 ./montecarlo_random_number_f90
program mcpi
  use mpi
  implicit none
  integer :: rank, nprocs, ierr, i, n, hits, total
  real :: x, y
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  n = 1000000
  hits = 0
  do i = 1, n
    call RANDOM_NUMBER(x)
    call RANDOM_NUMBER(y)
!$interp prob(0.785)
    if (x * x + y * y <= 1.0) hits = hits + 1
  end do
  call MPI_REDUCE(hits, total, 1, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 4.0 * real(total) / real(n * nprocs)
  call MPI_FINALIZE(ierr)
end program mcpi
