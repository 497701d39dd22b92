! The MPI 3 Fortran 2008 binding: TYPE(MPI_Comm) handles, no ierror
! arguments.  Each rank fills its part of a data set, and the global mean,
! maximum and minimum come from MPI_Allreduce with the SUM, MAXVAL and MINVAL
! of the local part.
program f08_stats
  use mpi_f08
  implicit none
  integer, parameter :: nloc = 1000
  integer :: rank, nprocs, i
  double precision :: d(nloc), s(3), g(3), gmax, gmin
  type(MPI_Comm) :: comm

  call MPI_Init()
  comm = MPI_COMM_WORLD
  call MPI_Comm_rank(comm, rank)
  call MPI_Comm_size(comm, nprocs)
  do i = 1, nloc
     d(i) = sin(dble(rank * nloc + i))
  end do
  s(1) = sum(d)
  call MPI_Allreduce(s(1), g(1), 1, MPI_DOUBLE_PRECISION, MPI_SUM, comm)
  call MPI_Allreduce(maxval(d), gmax, 1, MPI_DOUBLE_PRECISION, MPI_MAX, comm)
  call MPI_Allreduce(minval(d), gmin, 1, MPI_DOUBLE_PRECISION, MPI_MIN, comm)
  if (rank == 0) print *, 'mean', g(1) / (nloc * nprocs), ' max', gmax, ' min', gmin
  call MPI_Finalize()
end program f08_stats
