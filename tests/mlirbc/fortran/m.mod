!mod$ v1 sum:029aadd7ce5ea5a8
module m
real(4),allocatable::g(:)
contains
function total(a) result(s)
real(4),intent(in)::a(:)
real(4)::s
end
subroutine fill(n)
integer(4),intent(in)::n
end
end
