irdl.dialect @cmath {
  irdl.type @complex {
    %0 = irdl.is f32
    %1 = irdl.is f64
    %2 = irdl.any_of(%0, %1)
    irdl.parameters(elem: %2)
  }
  irdl.operation @norm {
    %0 = irdl.any
    irdl.operands(x: %0)
    irdl.results(res: %0)
  }
}
