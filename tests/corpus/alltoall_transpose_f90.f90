! Distributed transpose with MPI_ALLTOALL, the communication step of a 2-D
! FFT: each rank owns n/P columns, packs them into P blocks with a triple
! loop, exchanges the blocks, and unpacks.
program transpose
  use mpi
  implicit none
  integer, parameter :: n = 32
  integer :: ierr, rank, nprocs, nloc, p, i, j, k
  double precision, allocatable :: a(:,:), sendbuf(:), recvbuf(:)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  nloc = n / nprocs
  allocate(a(n, nloc), sendbuf(n * nloc), recvbuf(n * nloc))
  a = dble(rank)
  k = 0
  do p = 0, nprocs - 1
     do j = 1, nloc
        do i = p * nloc + 1, (p + 1) * nloc
           k = k + 1
           sendbuf(k) = a(i, j)
        end do
     end do
  end do
  call MPI_Alltoall(sendbuf, nloc * nloc, MPI_DOUBLE_PRECISION, recvbuf, nloc * nloc, &
                    MPI_DOUBLE_PRECISION, MPI_COMM_WORLD, ierr)
  a = reshape(recvbuf, [n, nloc])
  if (rank == 0) print *, a(1, 1)
  call MPI_Finalize(ierr)
end program transpose
