subroutine saxpy(n, a, x, y)
  integer :: n, i
  real :: a, x(n), y(n)
  do i = 1, n
    y(i) = a * x(i) + y(i)
  end do
end subroutine
