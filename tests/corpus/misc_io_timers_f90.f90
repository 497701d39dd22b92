! Per-rank output files named with an internal WRITE, CPU_TIME and
! SYSTEM_CLOCK timers around an OpenMP-annotated loop, and the workers'
! results collected by rank 0 with MPI_IRECV and MPI_WAITANY in arrival order.
program misc_io
  use mpi
  implicit none
  integer, parameter :: n = 2000
  integer :: ierr, rank, nprocs, i, k, idx, c0, c1, rate, iu
  integer, allocatable :: reqs(:)
  double precision, allocatable :: results(:)
  double precision :: x(n), s, t0, t1
  character(len=32) :: fname

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call cpu_time(t0)
  call system_clock(c0, rate)
  s = 0.0d0
!$omp parallel do reduction(+:s)
  do i = 1, n
     x(i) = sqrt(dble(i + rank))
     s = s + x(i)
  end do
!$omp end parallel do
  call system_clock(c1)
  call cpu_time(t1)
  write(fname, '(a, i4.4, a)') 'out_', rank, '.txt'
  open(newunit=iu, file=trim(fname), status='replace')
  write(iu, *) s, t1 - t0, dble(c1 - c0) / rate
  close(iu)
  if (rank == 0) then
     allocate(reqs(nprocs - 1), results(nprocs - 1))
     do k = 1, nprocs - 1
        call MPI_Irecv(results(k), 1, MPI_DOUBLE_PRECISION, k, 0, MPI_COMM_WORLD, reqs(k), ierr)
     end do
     do k = 1, nprocs - 1
        call MPI_Waitany(nprocs - 1, reqs, idx, MPI_STATUS_IGNORE, ierr)
        print *, 'result from', idx, results(idx)
     end do
  else
     call MPI_Send(s, 1, MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Finalize(ierr)
end program misc_io
