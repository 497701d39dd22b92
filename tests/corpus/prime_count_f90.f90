! Count the primes below N, the candidates dealt out cyclically over the
! ranks: a LOGICAL function with a loop tests each candidate, the counts are
! summed with MPI_REDUCE.
program prime_count
  use mpi
  implicit none
  integer, parameter :: n = 2000
  integer :: ierr, rank, nprocs, k, mine, total

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  mine = 0
  do k = 2 + rank, n, nprocs
     if (is_prime(k)) mine = mine + 1
  end do
  call MPI_Reduce(mine, total, 1, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, total, 'primes below', n
  call MPI_Finalize(ierr)

contains

  logical function is_prime(m)
    integer, intent(in) :: m
    integer :: d
    is_prime = .true.
    d = 2
    do while (d * d <= m)
       if (mod(m, d) == 0) then
          is_prime = .false.
          return
       end if
       d = d + 1
    end do
  end function is_prime

end program prime_count
