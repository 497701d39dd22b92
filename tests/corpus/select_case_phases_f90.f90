! A driver that runs a sequence of phases chosen with SELECT CASE on the
! phase number: a compute phase, an exchange phase (nonblocking ring with an
! array of requests and MPI_STATUSES_IGNORE), and a reduction phase with
! MPI_IN_PLACE on the root.
program phases
  use mpi
  implicit none
  integer, parameter :: nphase = 6, m = 256
  integer :: ierr, rank, nprocs, phase, i, right, left
  integer :: req(2)
  double precision :: a(m), b(m), total(1)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  right = modulo(rank + 1, nprocs)
  left = modulo(rank - 1, nprocs)
  a = 1.0d0
  do phase = 1, nphase
     select case (mod(phase, 3))
     case (1)
        do i = 1, m
           a(i) = a(i) * 0.5d0 + 1.0d0
        end do
     case (2)
        call MPI_Irecv(b, m, MPI_DOUBLE_PRECISION, left, phase, MPI_COMM_WORLD, req(1), ierr)
        call MPI_Isend(a, m, MPI_DOUBLE_PRECISION, right, phase, MPI_COMM_WORLD, req(2), ierr)
        call MPI_Waitall(2, req, MPI_STATUSES_IGNORE, ierr)
        a = 0.5d0 * (a + b)
     case default
        total(1) = sum(a)
        if (rank == 0) then
           call MPI_Reduce(MPI_IN_PLACE, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, &
                           MPI_COMM_WORLD, ierr)
        else
           call MPI_Reduce(total, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, 0, &
                           MPI_COMM_WORLD, ierr)
        end if
     end select
  end do
  if (rank == 0) print *, 'total', total(1)
  call MPI_Finalize(ierr)
end program phases
