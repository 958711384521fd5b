// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Hardhat's sample contract, with a custom error and a check that needs an exact block time.
contract Lock {
    error TooEarly(uint256 blockTime, uint256 unlockTime);

    event Withdrawal(uint256 amount, uint256 when);

    uint256 public immutable unlockTime;
    address payable public immutable owner;

    constructor(uint256 unlockTime_) payable {
        require(block.timestamp < unlockTime_, "Unlock time should be in the future");
        unlockTime = unlockTime_;
        owner = payable(msg.sender);
    }

    function withdraw() external {
        if (block.timestamp < unlockTime) revert TooEarly(block.timestamp, unlockTime);
        require(msg.sender == owner, "You aren't the owner");
        uint256 amount = address(this).balance;
        emit Withdrawal(amount, block.timestamp);
        owner.transfer(amount);
    }

    /// Reverts unless the block carries exactly `timestamp`: a gas estimate must run in that block.
    function stampAt(uint256 timestamp) external returns (uint256) {
        require(block.timestamp == timestamp, "not at that time");
        lastStamp = block.timestamp;
        return lastStamp;
    }

    uint256 public lastStamp;
}
