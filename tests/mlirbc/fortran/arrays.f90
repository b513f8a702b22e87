module m
  implicit none
  real, allocatable :: g(:)
contains
  function total(a) result(s)
    real, intent(in) :: a(:)
    real :: s
    integer :: i
    s = 0.0
    do i = 1, size(a)
      if (a(i) > 0.0) s = s + a(i)
    end do
  end function
  subroutine fill(n)
    integer, intent(in) :: n
    allocate(g(n))
    g = 1.5
    print *, total(g), sum(g), maxval(g)
  end subroutine
end module
