! Named DO constructs: a search over a 2-D table leaves both loops with
! EXIT OUTER when a rank-dependent target is found; the positions are then
! combined with MPI_REDUCE (MPI_MINLOC-free: the smallest linear index).
program exit_outer
  use mpi
  implicit none
  integer, parameter :: n = 40
  integer :: ierr, rank, nprocs, i, j, found, first
  integer :: tab(n, n)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  do j = 1, n
     do i = 1, n
        tab(i, j) = i + n * (j - 1)
     end do
  end do
  found = n * n + 1
  outer: do j = 1, n
     inner: do i = 1, n
        if (i + n * (j - 1) == 100 * (rank + 1)) then
           found = i + n * (j - 1)
           exit outer
        end if
     end do inner
  end do outer
  call MPI_Reduce(found, first, 1, MPI_INTEGER, MPI_MIN, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'first', first
  call MPI_Finalize(ierr)
end program exit_outer
