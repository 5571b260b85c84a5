-- planted: the lance drop mates from any distance on the file (非限定): one note, not seven cooks;
-- the knight on 2d guards 1b; the interpositions are futile under the composers' rule
return {
  position = "7lk/7p1/9/7N1/9/9/9/9/9 b L2r2b4g4s3n2l17p 1",
  solution = "L*1c",
  futile = "composer",
}
