! Uneven distribution with MPI_SCATTERV / MPI_GATHERV: the counts and
! displacements arrays are filled in a loop on every rank (the remainder
! spread over the first ranks), each rank squares its part, and the root
! gathers the parts back.
program gatherv_counts
  use mpi
  implicit none
  integer, parameter :: n = 1001
  integer :: ierr, rank, nprocs, i, nloc
  integer, allocatable :: counts(:), displs(:)
  double precision :: full(n), part(n)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  allocate(counts(nprocs), displs(nprocs))
  do i = 1, nprocs
     counts(i) = n / nprocs
     if (i - 1 < mod(n, nprocs)) counts(i) = counts(i) + 1
  end do
  displs(1) = 0
  do i = 2, nprocs
     displs(i) = displs(i - 1) + counts(i - 1)
  end do
  nloc = counts(rank + 1)
  if (rank == 0) full = [(dble(i), i = 1, n)]
  call MPI_Scatterv(full, counts, displs, MPI_DOUBLE_PRECISION, part, nloc, &
                    MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  do i = 1, nloc
     part(i) = part(i) ** 2
  end do
  call MPI_Gatherv(part, nloc, MPI_DOUBLE_PRECISION, full, counts, displs, &
                   MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'sum of squares', sum(full)
  deallocate(counts, displs)
  call MPI_Finalize(ierr)
end program gatherv_counts
