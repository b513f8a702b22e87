subroutine greet(name, n)
  character(len=*), intent(in) :: name
  integer, intent(in) :: n
  character(len=32) :: buf
  integer :: k
  buf = 'hello ' // name
  select case (n)
  case (1)
    k = len_trim(buf)
  case default
    k = index(buf, 'o')
  end select
  write(*, '(A,I4)') trim(buf), k
end subroutine
