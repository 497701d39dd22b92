! A derived datatype for a Fortran derived type: MPI_GET_ADDRESS of each
! component, displacements as INTEGER(KIND=MPI_ADDRESS_KIND), then
! MPI_TYPE_CREATE_STRUCT and a broadcast of an array of the records.
program struct_type
  use mpi
  implicit none
  type :: cell
     integer :: id
     double precision :: val(3)
  end type cell
  integer, parameter :: ncell = 10
  integer :: ierr, rank, celltype, blocklens(2), types(2), i
  integer(kind=MPI_ADDRESS_KIND) :: base, disps(2)
  type(cell) :: cells(ncell)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Get_address(cells(1)%id, disps(1), ierr)
  call MPI_Get_address(cells(1)%val, disps(2), ierr)
  base = disps(1)
  disps = disps - base
  blocklens = [1, 3]
  types = [MPI_INTEGER, MPI_DOUBLE_PRECISION]
  call MPI_Type_create_struct(2, blocklens, disps, types, celltype, ierr)
  call MPI_Type_commit(celltype, ierr)
  if (rank == 0) then
     do i = 1, ncell
        cells(i)%id = i
        cells(i)%val = dble(i)
     end do
  end if
  call MPI_Bcast(cells, ncell, celltype, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(celltype, ierr)
  call MPI_Finalize(ierr)
end program struct_type
