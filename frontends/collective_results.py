"""The buffer each collective stores into, other than a broadcast's: its role in the call table.

Its values after the call are not followed (SyncSeq.result): the engine forgets them, so ``while
(err > tol)`` after ``MPI_Allreduce(&lerr, &err, ..)`` does not run on err's value from before the
call (docs/model.md, "Values received in messages"); the critical analysis counts the call as a
definition of the buffer (msgpass.MsgCall.recv_buffer).
"""
RESULT_OPS = {"reduce": "result", "allreduce": "result", "scan": "result",
              "gather": "recv_buf", "allgather": "recv_buf", "alltoall": "recv_buf",
              "gatherv": "recv_buf", "allgatherv": "recv_buf", "alltoallv": "recv_buf",
              "scatter": "buf", "scatterv": "buf", "reduce_scatter": "result", "reduce_scatter_block": "result"}
