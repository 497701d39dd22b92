! jacobi2d_mpi.f90 - Jacobi iteration for Laplace's equation on an N x N grid;
! the free-form Fortran twin of samples/jacobi2d_mpi.c.
!
! Input (standard input, read by rank 0): N ITERS
!   N      grid points per side, boundary included (N >= P + 2)
!   ITERS  number of Jacobi sweeps (fixed count: no convergence test,
!          so the amount of work is known before the run)
!
! The top edge is held at 1, the other edges at 0. Rows are split in
! contiguous blocks; each sweep exchanges one halo row with the rank
! above and below and computes the global residual with MPI_Allreduce.
! Fortran stores arrays by columns, so grid row i is column u(:, i):
! u(j, i) here is u[i*n + j] in the C version, and a row is contiguous.
program jacobi2d_mpi
  use mpi
  implicit none
  integer :: rank, nprocs, n, iters, ierr, ios, st1, st2
  integer :: rows, ilo, ihi, up, down, it, i, j
  integer :: status(MPI_STATUS_SIZE)
  double precision :: resid, local, d, t0, t1, checksum, total
  double precision, pointer :: u(:, :), unew(:, :), tmp(:, :)

  n = 0
  iters = 0
  resid = 0.0d0

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)

  if (rank == 0) then
     read (*, *, iostat=ios) n, iters
     if (ios /= 0) then
        write (*, *) 'usage: jacobi2d_mpi < input with N ITERS'
        call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
     end if
     if (n < nprocs + 2 .or. iters < 1) then
        write (*, *) 'need N >= P + 2 and ITERS >= 1'
        call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
     end if
  end if
  call MPI_Bcast(n, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(iters, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)

  ! Block of rows: the first MOD(N, P) ranks take one extra row.
  rows = n / nprocs + merge(1, 0, rank < mod(n, nprocs))

  ! Local rows 1..rows are owned; rows 0 and rows+1 are halos.
  ! SOURCE= zeroes the grid, as calloc does in the C version.
  allocate (u(0:n - 1, 0:rows + 1), source=0.0d0, stat=st1)
  allocate (unew(0:n - 1, 0:rows + 1), source=0.0d0, stat=st2)
  if (st1 /= 0 .or. st2 /= 0) then
     write (*, *) 'rank ', rank, ': out of memory'
     call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  end if
  if (rank == 0) then
     do j = 0, n - 1
        u(j, 1) = 1.0d0     ! global row 0
        unew(j, 1) = 1.0d0
     end do
  end if

  ! Global boundary rows are owned but never updated.
  ilo = merge(2, 1, rank == 0)
  ihi = merge(rows - 1, rows, rank == nprocs - 1)
  ! MPI_PROC_NULL turns the exchanges at the ends into no-ops.
  up = merge(MPI_PROC_NULL, rank - 1, rank == 0)
  down = merge(MPI_PROC_NULL, rank + 1, rank == nprocs - 1)

  t0 = MPI_Wtime()
  do it = 0, iters - 1
     ! Sendrecv pairs each send with a receive, so the chain of
     ! neighbours cannot deadlock whatever the message size.
     call MPI_Sendrecv(u(0, 1), n, MPI_DOUBLE_PRECISION, up, 0, &
                       u(0, rows + 1), n, MPI_DOUBLE_PRECISION, down, 0, &
                       MPI_COMM_WORLD, status, ierr)
     call MPI_Sendrecv(u(0, rows), n, MPI_DOUBLE_PRECISION, down, 1, &
                       u(0, 0), n, MPI_DOUBLE_PRECISION, up, 1, &
                       MPI_COMM_WORLD, status, ierr)

     local = 0.0d0
     do i = ilo, ihi
        do j = 1, n - 2
           unew(j, i) = 0.25d0 * (u(j, i - 1) + u(j, i + 1) &
                                  + u(j - 1, i) + u(j + 1, i))
           d = unew(j, i) - u(j, i)
           local = local + d * d
        end do
     end do
     call MPI_Allreduce(local, resid, 1, MPI_DOUBLE_PRECISION, MPI_SUM, &
                        MPI_COMM_WORLD, ierr)
     resid = sqrt(resid)

     tmp => u          ! swap instead of copying the grid back
     u => unew
     unew => tmp
  end do
  t1 = MPI_Wtime()

  ! Checksum of the owned interior, to compare runs with different P.
  checksum = 0.0d0
  total = 0.0d0
  do i = 1, rows
     do j = 0, n - 1
        checksum = checksum + u(j, i)
     end do
  end do
  call MPI_Reduce(checksum, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, &
                  MPI_COMM_WORLD, ierr)

  if (rank == 0) then
     write (*, '(A, I0, A, I0, A, I0)') 'N = ', n, ', ITERS = ', iters, ', P = ', nprocs
     write (*, '(A, ES17.10, A, F0.10)') 'residual = ', resid, ', sum(u) = ', total
     write (*, '(A, F0.6, A, F0.6, A)') 'time = ', t1 - t0, ' s, ', (t1 - t0) / iters, &
        ' s per iteration'
  end if

  deallocate (u, unew)
  call MPI_Finalize(ierr)
end program jacobi2d_mpi
