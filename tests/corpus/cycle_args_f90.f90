! cycle_args_f90.f90 - Monte Carlo estimate of the mean of the positive samples: each rank draws
! its samples, skips the non-positive ones with 'if (x <= 0) cycle', and the sums are reduced.
! The sample count comes from the command line (GET_COMMAND_ARGUMENT), the number of repeats
! optionally from a second argument, as course codes read them.
!
! Usage: mpiexec -n P ./cycle_args_f90 NSAMPLES [REPEATS]
program cycle_args
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, n, reps, i, r
  character(len=32) :: arg
  double precision :: x, s, cnt, part(2), total(2)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  if (command_argument_count() < 1) then
    if (rank == 0) print *, 'usage: cycle_args_f90 NSAMPLES [REPEATS]'
    call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  end if
  call get_command_argument(1, arg)
  read (arg, *) n
  reps = 1
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) reps
  end if
  s = 0d0
  cnt = 0d0
  do r = 1, reps
    do i = 1, n / nprocs
      call random_number(x)
      x = x - 0.25d0
      if (x <= 0d0) cycle
      s = s + x
      cnt = cnt + 1d0
    end do
  end do
  part(1) = s
  part(2) = cnt
  call MPI_Reduce(part, total, 2, MPI_DOUBLE_PRECISION, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) print *, 'mean of positive samples:', total(1) / total(2)
  call MPI_Finalize(ierr)
end program cycle_args
