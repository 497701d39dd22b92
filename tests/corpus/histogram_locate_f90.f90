! Histogram of scattered samples into NB bins with non-uniform edges: each
! sample's bin is found by binary search over the edge array (a DO WHILE
! that halves the interval), the counts are combined with MPI_REDUCE.
program histogram_bsearch
  use mpi
  implicit none
  integer, parameter :: nb = 64, nsamp = 4000
  integer :: ierr, rank, nprocs, i, lo, hi, mid
  double precision :: edges(0:nb), x
  integer :: counts(nb), total(nb)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  do i = 0, nb
     edges(i) = (dble(i) / dble(nb))**2
  end do
  counts = 0
  do i = 1, nsamp
     call random_number(x)
     lo = 0
     hi = nb
     do while (hi - lo > 1)
        mid = (lo + hi) / 2
        if (x < edges(mid)) then
           hi = mid
        else
           lo = mid
        end if
     end do
     counts(hi) = counts(hi) + 1
  end do
  call MPI_Reduce(counts, total, nb, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'first bins:', total(1:4)
  call MPI_Finalize(ierr)
end program histogram_bsearch
